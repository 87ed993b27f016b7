import { describe, expect, it } from "vitest";
import { addressWords } from "./address-words";
import { addressProblem, ADDRESS_MESSAGES, HEALTH_CERTIFICATION_QUESTION, healthCertificationQuestion, isValidPhone, PEDIATRIC_CERTIFICATION_QUESTION, type Address } from "./address";

const us: Address = { firstName: "Ada", lastName: "Lovelace", address1: "1 Main St", city: "Austin", region: "TX", postalCode: "78701", country: "US" };

describe("shipping address rules", () => {
  it("a good US address passes", () => expect(addressProblem(us)).toBeNull());
  it("zip+4 passes", () => expect(addressProblem({ ...us, postalCode: "78701-1234" })).toBeNull());
  it.each([
    ["firstName", { firstName: "" }],
    ["lastName", { lastName: "  " }],
    ["address1", { address1: "x" }],
    ["city", { city: "" }],
    ["country", { country: "USA" }],
    ["country", { country: "XX" }],
    ["country", { country: "EU" }],
    ["country", { country: "UK" }],
    ["phone", { phone: "12" }],
  ] as const)("%s problems use the shared message", (field, change) => {
    expect(addressProblem({ ...us, ...change })).toEqual({ field, message: ADDRESS_MESSAGES[field] });
  });
  it("region and postal code problems speak the address's country", () => {
    expect(addressProblem({ ...us, region: "ZZ" })).toEqual({ field: "region", message: "Please choose your state." });
    expect(addressProblem({ ...us, postalCode: "7870" })).toEqual({ field: "postalCode", message: "Please enter a valid ZIP code." });
    const gb = { ...us, country: "GB", region: "", postalCode: "SW1A 1AA" };
    expect(addressProblem({ ...gb, postalCode: "12" })).toEqual({ field: "postalCode", message: "Please enter a valid postcode." });
    expect(addressProblem({ ...gb, region: "x".repeat(51) })).toEqual({ field: "region", message: "Please shorten your county to 50 characters." });
    expect(addressProblem({ ...us, country: "CA", region: "TX", postalCode: "K1A 0B1" })?.message).toBe(addressWords("CA").regionMessage);
  });
  it("an Australian postcode is four digits", () => {
    const au = { ...us, country: "AU", region: "NSW", postalCode: "2000" };
    expect(addressProblem(au)).toBeNull();
    expect(addressProblem({ ...au, postalCode: "20000" })).toEqual({ field: "postalCode", message: "Please enter a valid postcode." });
  });
  it("names in any script pass", () => expect(addressProblem({ ...us, firstName: "Zoë", lastName: "O'Brien-Łukasz" })).toBeNull());
  it("Canada needs a province and a Canadian postal code", () => {
    const ca = { ...us, country: "CA", region: "ON", postalCode: "K1A 0B1" };
    expect(addressProblem(ca)).toBeNull();
    expect(addressProblem({ ...ca, region: "TX" })?.field).toBe("region");
    expect(addressProblem({ ...ca, postalCode: "12345" })?.field).toBe("postalCode");
  });
  it("elsewhere a region is optional and postal codes are loose", () => {
    expect(addressProblem({ ...us, country: "DE", region: "", postalCode: "10115" })).toBeNull();
    expect(addressProblem({ ...us, country: "GB", region: "", postalCode: "SW1A 1AA" })).toBeNull();
  });
  it("phone numbers", () => {
    expect(isValidPhone("+1 (512) 555-0100")).toBe(true);
    expect(isValidPhone("555")).toBe(false);
    expect(ADDRESS_MESSAGES.phone).toBe("Please enter a valid phone number");
  });
});

describe("the health certification fits the cart", () => {
  it("a pediatric-only order asks about the child and the guardian, not pregnancy", () => {
    const q = healthCertificationQuestion(["pds-wk", "pds-gwp"]);
    expect(q).toBe(PEDIATRIC_CERTIFICATION_QUESTION);
    expect(q).not.toMatch(/pregnant/);
    expect(q).toMatch(/parent or legal guardian/);
  });
  it("an adult order asks the buyer", () => {
    expect(healthCertificationQuestion(["syn-wk"])).toBe(HEALTH_CERTIFICATION_QUESTION);
    expect(healthCertificationQuestion(["vs-rf-3mo"])).toBe(HEALTH_CERTIFICATION_QUESTION);
  });
  it("both together ask both", () => {
    const q = healthCertificationQuestion(["syn-wk", "pds-wk"]);
    expect(q).toMatch(/pregnant/);
    expect(q).toMatch(/parent or legal guardian/);
  });
});
