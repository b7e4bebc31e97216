import { describe, expect, it } from "vitest";
import { DEMO_LOCATIONS } from "../../demo/dealers";
import {
  describeOffered,
  describeWanted,
  isMatch,
  modelLineage,
  offeredVehiclesOf,
  sameModel,
  wantedVehiclesOf,
  type OfferedVehicle,
  type PostVehicleFacts,
  type WantedVehicle,
} from "./match";
import { findMentions, vehicleKeysOf } from "./vehicle-names";

const wants = (title: string, description = "", vehicles: PostVehicleFacts[] = []) =>
  wantedVehiclesOf({ title, description, vehicles }).map(describeWanted);
const offers = (title: string, description = "", state: string | null = "TX") =>
  offeredVehiclesOf({ title, description, vehicles: [], state }).map(describeOffered);

const vehicle = (
  v: Partial<PostVehicleFacts> & Pick<PostVehicleFacts, "make" | "model">,
): PostVehicleFacts => ({
  year: null,
  trim: null,
  mileage: null,
  priceCents: null,
  state: null,
  ...v,
});

const want = (w: Partial<WantedVehicle> & Pick<WantedVehicle, "makeKey" | "modelKey">): WantedVehicle => ({
  yearMin: null,
  yearMax: null,
  trim: null,
  maxMileage: null,
  maxPriceCents: null,
  state: null,
  until: null,
  ...w,
});
const offer = (
  o: Partial<OfferedVehicle> & Pick<OfferedVehicle, "makeKey" | "modelKey">,
): OfferedVehicle => ({
  vehicleId: null,
  yearMin: null,
  yearMax: null,
  trim: null,
  mileage: null,
  priceCents: null,
  state: null,
  ...o,
});

describe("what a Requesting post's words want", () => {
  it.each([
    ["looking for 2018-2020 F-150 XLT under $30k", ["2018–2020 Ford F-150 XLT, under $30,000"]],
    [
      "need Tahoe or Suburban under 80k miles",
      ["Chevrolet Tahoe, under 80,000 mi", "Chevrolet Suburban, under 80,000 mi"],
    ],
    ["WTB: 2019+ Honda Accord, clean title, < 60,000 mi", ["2019+ Honda Accord, under 60,000 mi"]],
    ["Looking for Camrys 2017 to 2019, budget 18k", ["2017–2019 Toyota Camry, under $18,000"]],
    [
      "Need 5 Silverado 1500 crew cabs '19-'21 under 25k",
      ["2019–2021 Chevrolet Silverado 1500, under $25,000"],
    ],
    ["ISO Toyota Tacoma TRD Off-Road 2016-2018", ["2016–2018 Toyota Tacoma TRD Off Road"]],
    ["Buying any Jeep Wrangler, 2015 or newer, max $22,000", ["2015+ Jeep Wrangler, under $22,000"]],
    [
      "Want F250 or F350 diesel, 2017+, below 100k miles",
      ["2017+ Ford F-250, under 100,000 mi", "2017+ Ford F-350, under 100,000 mi"],
    ],
    ["Chevy Silverado 2500HD 2020", ["2019–2021 Chevrolet Silverado 2500"]],
    [
      "Honda Civics and Accords, under 40,000 miles, under $20,000",
      ["Honda Civic, under $20,000, under 40,000 mi", "Honda Accord, under $20,000, under 40,000 mi"],
    ],
    ["looking for RAM 1500 Laramie", ["Ram 1500 Laramie"]],
    ["Need any Lexus RX 350 2019-2021 TX only", ["2019–2021 Lexus RX, in TX"]],
    ["2019 Tahoe or 2017 Suburban", ["2018–2020 Chevrolet Tahoe", "2016–2018 Chevrolet Suburban"]],
    ["Need a Model 3 long range, 2021-22, under 40k", ["2021–2022 Tesla Model 3, under $40,000"]],
    ["any toyota under 15 grand", ["Toyota (any model), under $15,000"]],
    ["Looking for Mercedes C300 newer than 2018", ["2019+ Mercedes-Benz C-Class"]],
    ["Need '16 to '18 Grand Cherokees, Texas only", ["2016–2018 Jeep Grand Cherokee, in TX"]],
    ["Need Dodge Ram 2500 Power Wagon 2014 or older", ["up to 2014 Ram 2500 Power Wagon"]],
    [
      "Buying CRVs and RAV4s, 2018 and up, max 90k mi",
      ["2018+ Honda CR-V, under 90,000 mi", "2018+ Toyota RAV4, under 90,000 mi"],
    ],
  ])("%s", (text, expected) => {
    expect(wants(text)).toEqual(expected);
  });

  it("reads a ceiling set off by a comma after the last vehicle as shared", () => {
    expect(wants("Looking for 2019+ Ford F-150 or 2017+ Honda Civic, under 80k miles")).toEqual([
      "2019+ Ford F-150, under 80,000 mi",
      "2017+ Honda Civic, under 80,000 mi",
    ]);
  });

  it("reads a quick post's cut title and its full text as one want", () => {
    const text = "Looking for a 2018-2020 Toyota Tundra SR5 under $38k, cash buyer";
    expect(wants(`${text.slice(0, 47)}…`, text)).toEqual(["2018–2020 Toyota Tundra SR5, under $38,000"]);
  });

  it("takes figures from sentences that name no vehicle for the whole post", () => {
    expect(wants("Any Toyota 4Runners or Tacomas?", "Budget $35k. Must be under 100k miles.")).toEqual([
      "Toyota 4Runner, under $35,000, under 100,000 mi",
      "Toyota Tacoma, under $35,000, under 100,000 mi",
    ]);
  });

  it("does not read a pick-up distance, the dealer's own town or a deposit as a constraint", () => {
    expect(
      wants(
        "Looking for 2019+ Ford F-150",
        "Have a customer waiting. Can pay same day and pick up within 500 miles. $300 deposit. I'm in Tacoma, WA.",
      ),
    ).toEqual(["2019+ Ford F-150"]);
  });

  it("names nothing for a request without a make or model", () => {
    expect(wants("Looking for clean trucks under $20k, any make")).toEqual([]);
    expect(wants("Need cheap cash cars under $6k for my BHPH lot")).toEqual([]);
    expect(wants("Buying 3-row SUVs, 2017 and newer")).toEqual([]);
  });

  it("does not take everyday words, towns or numbers for models", () => {
    expect(wants("Need to escape this heat, looking for a good fit for my lot")).toEqual([]);
    expect(
      wants("In transit now, will pay $1,911 over book", "I'm in Tucson, AZ. Traverse City too."),
    ).toEqual([]);
    expect(wants("Need 1500 dollars of parts")).toEqual([]);
    expect(findMentions("Lincoln, NE dealer needs a mini van").map((m) => m.makeKey)).toEqual([]);
    expect(wants("Need a Ford Escape or Honda Fit")).toEqual(["Ford Escape", "Honda Fit"]);
  });

  it("never reads a demo city as a vehicle", () => {
    for (const location of DEMO_LOCATIONS) {
      expect(findMentions(`I'm in ${location.city}, ${location.state}.`), location.city).toEqual([]);
    }
  });
});

describe("what a Requesting post's vehicles want", () => {
  it("brackets a range with two years of one model, and takes ceilings from the highest figures", () => {
    expect(
      wants("Looking for trucks", "", [
        vehicle({
          make: "Ford",
          model: "F-150",
          year: 2018,
          trim: "XLT",
          mileage: 60000,
          priceCents: 2800000,
        }),
        vehicle({
          make: "ford",
          model: "F150",
          year: 2021,
          trim: "XLT",
          mileage: 90000,
          priceCents: 3200000,
        }),
      ]),
    ).toEqual(["2018–2021 Ford F-150 XLT, under $32,000, under 90,000 mi"]);
  });

  it("reads one year as that year give or take one, and keeps a shared state", () => {
    expect(
      wants("Wanted", "", [vehicle({ make: "Chevy", model: "Tahoe", year: 2019, state: "OK" })]),
    ).toEqual(["2018–2020 Chevrolet Tahoe, in OK"]);
  });

  it("lets the words correct the year guess and fill open figures", () => {
    expect(
      wants("Looking for 2019+ Toyota Tacoma, under 80k miles", "", [
        vehicle({ make: "Toyota", model: "Tacoma", year: 2019 }),
      ]),
    ).toEqual(["2019+ Toyota Tacoma, under 80,000 mi"]);
  });

  it("drops different trims, keeps each model apart", () => {
    expect(
      wants("Need these", "", [
        vehicle({ make: "Honda", model: "Accord", trim: "EX-L" }),
        vehicle({ make: "Honda", model: "Accord", trim: "Sport" }),
        vehicle({ make: "Honda", model: "Civic", trim: "Si" }),
      ]),
    ).toEqual(["Honda Accord", "Honda Civic SI"]);
  });
});

describe("what a For Sale post offers", () => {
  it.each([
    ["2019 Ford F-150 XLT SuperCrew, 41k miles, $27,900", ["2019 Ford F-150 XLT · $27,900 · 41,000 mi · TX"]],
    [
      "For sale: 2020 Chevy Tahoe LT 62,000 mi asking $38,500",
      ["2020 Chevrolet Tahoe LT · $38,500 · 62,000 mi · TX"],
    ],
    [
      "2019 Tahoe $45k and 2015 Suburban $12k",
      ["2019 Chevrolet Tahoe · $45,000 · TX", "2015 Chevrolet Suburban · $12,000 · TX"],
    ],
    ["Have 6 trades to move this week, mostly sedans", []],
    [
      "2019 Toyota Tundra SR5 CrewMax, 48k miles, $35…\n2019 Toyota Tundra SR5 CrewMax, 48k miles, $35,900",
      ["2019 Toyota Tundra SR5 · $35,900 · 48,000 mi · TX"],
    ],
    ["Selling a Honda", []],
  ])("%s", (text, expected) => {
    expect(offers(text)).toEqual(expected);
  });

  it("offers its available vehicles, not the sold ones, where they are (else where the dealer is)", () => {
    const listed = offeredVehiclesOf({
      title: "3 units",
      description: "2019 Tahoe in the text is ignored when vehicles are listed",
      state: "TX",
      vehicles: [
        vehicle({ id: "v1", make: "Toyota", model: "Camry", year: 2019, priceCents: 1500000 }),
        vehicle({ id: "v2", make: "Toyota", model: "Corolla", year: 2018, status: "sold" }),
        vehicle({ id: "v3", make: "GMC", model: "Sierra 1500 SLT", year: 2020, state: "OK", trim: "SLT" }),
      ],
    });
    expect(listed.map((o) => [o.vehicleId, describeOffered(o)])).toEqual([
      ["v1", "2019 Toyota Camry · $15,000 · TX"],
      ["v3", "2020 GMC Sierra 1500 SLT SLT · OK"],
    ]);
  });
});

describe("isMatch", () => {
  const f150 = offer({
    makeKey: "ford",
    modelKey: "f-150",
    yearMin: 2019,
    yearMax: 2019,
    trim: "xlt supercrew",
    mileage: 41000,
    priceCents: 2790000,
    state: "TX",
  });

  it("matches the issue's example both ways", () => {
    const [wanted] = wantedVehiclesOf({
      title: "looking for 2018-2020 F-150 XLT under $30k",
      description: "",
      vehicles: [],
    });
    const [offered] = offeredVehiclesOf({
      title: "2019 Ford F-150 XLT, 41k miles, $27,900",
      description: "",
      vehicles: [],
      state: "TX",
    });
    expect(isMatch(wanted!, offered!)).toBe(true);
  });

  it.each([
    ["same make and model", want({ makeKey: "ford", modelKey: "f-150" }), true],
    ["any model of the make", want({ makeKey: "ford", modelKey: "" }), true],
    ["another make", want({ makeKey: "chevrolet", modelKey: "" }), false],
    ["another model", want({ makeKey: "ford", modelKey: "f-250" }), false],
    [
      "year inside the range",
      want({ makeKey: "ford", modelKey: "f-150", yearMin: 2018, yearMax: 2020 }),
      true,
    ],
    ["year below the range", want({ makeKey: "ford", modelKey: "f-150", yearMin: 2020 }), false],
    ["year above the range", want({ makeKey: "ford", modelKey: "f-150", yearMax: 2018 }), false],
    ["trim words contained", want({ makeKey: "ford", modelKey: "f-150", trim: "xlt" }), true],
    ["another trim", want({ makeKey: "ford", modelKey: "f-150", trim: "lariat" }), false],
    ["under the mileage ceiling", want({ makeKey: "ford", modelKey: "f-150", maxMileage: 41000 }), true],
    ["over the mileage ceiling", want({ makeKey: "ford", modelKey: "f-150", maxMileage: 40000 }), false],
    ["under the price ceiling", want({ makeKey: "ford", modelKey: "f-150", maxPriceCents: 2800000 }), true],
    ["over the price ceiling", want({ makeKey: "ford", modelKey: "f-150", maxPriceCents: 2500000 }), false],
    ["same state", want({ makeKey: "ford", modelKey: "f-150", state: "TX" }), true],
    ["another state", want({ makeKey: "ford", modelKey: "f-150", state: "OK" }), false],
    ["one of a buy order's states", want({ makeKey: "ford", modelKey: "f-150", state: "OK,TX" }), true],
    ["none of a buy order's states", want({ makeKey: "ford", modelKey: "f-150", state: "OK,LA" }), false],
    [
      "a buy order still standing",
      want({ makeKey: "ford", modelKey: "f-150", until: Date.now() + 60_000 }),
      true,
    ],
    [
      "a buy order past its last day",
      want({ makeKey: "ford", modelKey: "f-150", until: Date.now() - 1 }),
      false,
    ],
  ])("%s", (_, wanted, expected) => {
    expect(isMatch(wanted, f150)).toBe(expected);
  });

  it("lets an offer that does not state a figure answer a want that does", () => {
    const bare = offer({ makeKey: "ford", modelKey: "f-150" });
    expect(
      isMatch(
        want({
          makeKey: "ford",
          modelKey: "f-150",
          yearMin: 2018,
          maxMileage: 50000,
          maxPriceCents: 100,
          trim: "xlt",
          state: "TX",
        }),
        bare,
      ),
    ).toBe(true);
  });

  it("matches model families both ways, never a sibling", () => {
    expect(sameModel("silverado", "silverado-1500")).toBe(true);
    expect(sameModel("silverado-1500", "silverado")).toBe(true);
    expect(sameModel("silverado-1500", "silverado-2500")).toBe(false);
    expect(sameModel("f-250", "f-250-super-duty")).toBe(true);
    expect(sameModel("f-15", "f-150")).toBe(false);
    expect(modelLineage("silverado-2500-hd")).toEqual([
      "",
      "silverado",
      "silverado-2500",
      "silverado-2500-hd",
    ]);
  });

  it("keys makes and models however they are typed", () => {
    expect(vehicleKeysOf("Chevy", "Silverado 2500HD")).toEqual({
      makeKey: "chevrolet",
      modelKey: "silverado-2500",
    });
    expect(vehicleKeysOf("Dodge", "Ram 1500")).toEqual({ makeKey: "ram", modelKey: "1500" });
    expect(vehicleKeysOf("VW", "Jettas")).toEqual({ makeKey: "volkswagen", modelKey: "jetta" });
    expect(vehicleKeysOf("Ford", "Ford F150 SuperCrew")).toEqual({
      makeKey: "ford",
      modelKey: "f-150-supercrew",
    });
    expect(vehicleKeysOf("Zzyzx Motors", "Roadster X")).toEqual({
      makeKey: "zzyzx-motors",
      modelKey: "roadster-x",
    });
  });
});
