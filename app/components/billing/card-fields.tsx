import { SelectField, TextField } from "~/components/ui/field";
import { PRODUCT_NAME } from "#lib/constants";

/** Stripe's published test card, which the demo processor accepts (worker/domain/subscriptions/demo-processor). */
const TEST_CARD = "4242 4242 4242 4242";

/**
 * The purchase screens' card form: the card, the name on it and the billing address. Inputs are left as the
 * dealer typed them after a refusal (the page never echoes them back).
 * `testCards`: the demo processor takes the payment, so the form says, quietly, which cards it accepts.
 */
export function CardFields({ testCards }: { testCards: boolean }) {
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <TextField
        label="Card number"
        name="cardNumber"
        autoComplete="cc-number"
        inputMode="numeric"
        placeholder={testCards ? TEST_CARD : undefined}
        maxLength={23}
        className="sm:col-span-2"
      />
      <TextField
        label="Expiry date (MM/YY)"
        name="expiryDate"
        autoComplete="cc-exp"
        placeholder="MM/YY"
        maxLength={7}
      />
      <TextField
        label="CVV"
        name="cvv"
        autoComplete="cc-csc"
        inputMode="numeric"
        placeholder="123"
        maxLength={4}
      />
      <TextField label="Name on card" name="nameOnCard" autoComplete="cc-name" className="sm:col-span-2" />
      <fieldset className="grid gap-4 sm:col-span-2 sm:grid-cols-2">
        <legend className="mb-2 text-sm font-semibold">Billing address</legend>
        <TextField
          label="Address"
          name="billingAddress.address"
          autoComplete="billing street-address"
          className="sm:col-span-2"
        />
        <TextField label="City" name="billingAddress.city" autoComplete="billing address-level2" />
        <TextField
          label="State"
          name="billingAddress.state"
          autoComplete="billing address-level1"
          maxLength={2}
        />
        <TextField label="ZIP code" name="billingAddress.zipCode" autoComplete="billing postal-code" />
        <SelectField
          label="Country"
          name="billingAddress.country"
          defaultValue="US"
          options={[
            { value: "US", label: "United States" },
            { value: "CA", label: "Canada" },
          ]}
        />
      </fieldset>
      <p className="text-xs text-slate-500 sm:col-span-2 dark:text-slate-400">
        {PRODUCT_NAME} keeps only your card&apos;s brand and last 4 digits.
      </p>
      {testCards ? (
        <p
          className="-mt-2 text-xs text-slate-500 sm:col-span-2 dark:text-slate-400"
          data-testid="test-card-note"
        >
          No card is charged here: payments run on a test processor. Use a test card such as {TEST_CARD}, any
          future expiry and any CVV.
        </p>
      ) : null}
    </div>
  );
}
