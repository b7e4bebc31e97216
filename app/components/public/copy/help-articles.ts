/**
 * The Help Center's articles (three categories, searched by a case-insensitive substring of their
 * text). Each article is short and describes how DealerLane actually works.
 */
export const HELP_CATEGORIES = [
  "Getting Started",
  "Messaging and Communication",
  "Account and Billing",
] as const;
export type HelpCategory = (typeof HELP_CATEGORIES)[number];

export const HELP_ARTICLES = [
  {
    slug: "create-your-account",
    title: "Creating your DealerLane account",
    category: "Getting Started",
    summary: "Sign up with your e-mail address and a password, or try the demo account first.",
    body: [
      "Go to the Login page and choose Create an account. Enter your e-mail address and a password of at least 8 characters, then type the password again to confirm it. If the two do not match you will see 'Passwords do not match'.",
      "Once your account is created you are signed in and taken straight to your dealer profile, the first of three onboarding steps.",
      "Just looking around? The Login page also has a quick login to a shared demo dealership and a button that creates a fresh demo account of your own, so you can explore the network without entering any details.",
    ],
  },
  {
    slug: "complete-your-dealer-profile",
    title: "Completing your dealer profile",
    category: "Getting Started",
    summary: "The three onboarding steps: your dealership, your plan, your payment.",
    body: [
      "Step 1 of 3 is your dealer profile: your first and last name, e-mail, phone, the dealership's address, city, state or province, ZIP code and country, the dealership's name and type (independent, franchise or wholesaler), your AuctionACCESS number and your dealer 5 million number. Every field is required; if one is missing you will be told which one, for example 'Please fill in city'.",
      "You also choose whether you mainly sell or buy, and whether you buy Canadian vehicles. Both can be changed later from your profile.",
      "Step 2 of 3 is choosing Basic or Premium, and step 3 confirms the payment. When it succeeds you land on your home feed.",
    ],
  },
  {
    slug: "post-your-inventory",
    title: "Posting inventory and requests",
    category: "Getting Started",
    summary:
      "Post a single vehicle, several vehicles, a spreadsheet link, or a quick For Sale or Requesting post.",
    body: [
      "From the home feed, the post composer lets you add one vehicle, several vehicles at once, or a link to a spreadsheet of your inventory. For each vehicle you can enter the VIN, year, make, model, trim, mileage, price, location and color; make and model are enough to publish.",
      "For a quick update, type a few words and press Post. DealerLane asks whether it is For Sale ('I have vehicles to sell') or Requesting ('I'm looking to buy vehicles from the network') before publishing.",
      "You can add photos to a post and tag the auction house the vehicles come from. Other dealers see your post in their feed and can like it, comment, ask a question or message you about it.",
    ],
  },
  {
    slug: "find-and-connect-with-dealers",
    title: "Finding and connecting with dealers",
    category: "Getting Started",
    summary: "Search the network by name, state, dealership type and Canadian buying.",
    body: [
      "Find Dealers lists the dealerships on the network. Filter by state or province, by dealership type (independent, franchise or wholesaler) and by whether they buy Canadian vehicles, and sort by name, rating or connections.",
      "Open a dealer to see their profile, then connect. Your connections are listed under Connections, and they are the dealers you can start a chat with from the Messages screen.",
    ],
  },
  {
    slug: "send-your-first-message",
    title: "Sending your first message",
    category: "Messaging and Communication",
    summary: "Message a dealer from a post or a profile, or start a chat from Messages.",
    body: [
      "Every post in the feed has a Message button. Write your message and send it; you are taken to Messages with the conversation open. You can also start a chat from the Messages screen with Add Chat, which searches your connections by name or dealership.",
      "In a conversation, press Enter to send. Empty messages are never sent.",
    ],
  },
  {
    slug: "real-time-chat",
    title: "How real-time chat works",
    category: "Messaging and Communication",
    summary: "Messages arrive instantly, with typing indicators, read receipts and unread counts.",
    body: [
      "Chats are live: a message appears for the other dealer as soon as it is saved, and you can see when they are typing and when they have read it. Unread counts show on the Messages icon and next to each conversation.",
      "If your connection drops, DealerLane keeps checking for new messages every few seconds and catches up when you are back online, so nothing is lost.",
    ],
  },
  {
    slug: "deal-alerts-and-notifications",
    title: "Deal alerts and notifications",
    category: "Messaging and Communication",
    summary: "Choose which alerts reach you by e-mail and text message.",
    body: [
      "Notification Settings lists every alert DealerLane can send you. Turn each one on or off; your choice is saved straight away and confirmed with 'Preferences Updated'.",
      "You can send yourself a test e-mail, a test text message and a test deal alert to check that your e-mail address and phone number are right.",
    ],
  },
  {
    slug: "plans-and-pricing",
    title: "Plans and pricing",
    category: "Account and Billing",
    summary: "Basic is $99 a month, Premium $149 a month; Enterprise is priced with our sales team.",
    body: [
      "Basic costs $99 per month and includes unlimited listings, real-time messaging, basic analytics and standard support.",
      "Premium costs $149 per month: everything in Basic plus $50 of premium features, namely AI features, advanced analytics, priority support and custom integrations.",
      "Enterprise pricing is custom, for dealer groups; contact sales from the Pricing page. Every plan is billed monthly with no contract.",
    ],
  },
  {
    slug: "change-or-cancel-your-plan",
    title: "Changing or cancelling your plan",
    category: "Account and Billing",
    summary: "Cancel anytime from your subscription page; there are no contracts.",
    body: [
      "Your current plan is shown on the Subscribe page. From there you can cancel at any time; you will see 'Subscription Cancelled' once it is done. There is no contract and no cancellation fee.",
      "Cards are charged through our payment provider. DealerLane itself never stores your card number or security code.",
    ],
  },
  {
    slug: "update-your-profile-and-password",
    title: "Updating your profile and settings",
    category: "Account and Billing",
    summary: "Edit your dealership details, photos, theme and display settings, and change your password.",
    body: [
      "My Profile shows how other dealers see you. Edit Profile lets you change your personal details, your dealership's name, type and address, your profile and dealership photos, and the vehicles you are looking for or selling.",
      "Settings holds the light and dark theme, how many items a page shows and how inventory is displayed. Your theme is remembered on each device.",
      "To change your password, open Settings and enter your current password and the new one twice; every other browser signed in to your account is signed out. Forgot it? Choose 'Forgot password?' on the Login page and we e-mail you a link to set a new one, valid for 30 minutes.",
    ],
  },
];

export const findHelpArticle = (slug: string | undefined) => HELP_ARTICLES.find((a) => a.slug === slug);

/**
 * The Help Center search: the articles whose text (title, summary or body) contains the query,
 * case-insensitively. A dealer searches for what they need done, which an article's title rarely names.
 */
export function filterHelpArticles(query: string, articles = HELP_ARTICLES) {
  const needle = query.trim().toLowerCase();
  if (!needle) return [...articles];
  return articles.filter((a) =>
    [a.title, a.summary, ...a.body].some((text) => text.toLowerCase().includes(needle)),
  );
}
