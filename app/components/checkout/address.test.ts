import { describe, expect, it } from "vitest";
import { ADDRESS_MESSAGES, addressProblem, type Address } from "../../../domain/address";
import { addressErrors, addressFieldProblem } from "./address";

const home: Address = { firstName: "Ada", lastName: "Lovelace", address1: "12 Elm St", address2: "", city: "Portland", region: "OR", postalCode: "97201", country: "US", phone: "" };

describe("addressFieldProblem", () => {
  it("checks one field even when an earlier one is still empty", () => {
    const partial = { ...home, firstName: "", city: "" };
    expect(addressProblem(partial)?.field).toBe("firstName");
    expect(addressFieldProblem(partial, "city")).toBe(ADDRESS_MESSAGES.city);
    expect(addressFieldProblem(partial, "postalCode")).toBeNull();
  });
  it("checks region and zip by the shopper's country", () => {
    expect(addressFieldProblem({ ...home, region: "" }, "region")).toBe("Please choose your state.");
    expect(addressFieldProblem({ ...home, country: "CA", region: "ON", postalCode: "97201" }, "postalCode")).toBe("Please enter a valid postal code.");
    expect(addressFieldProblem({ ...home, country: "GB", region: "", postalCode: "97201" }, "postalCode")).toBe("Please enter a valid postcode.");
    expect(addressFieldProblem({ ...home, country: "AU", region: "", postalCode: "2000" }, "postalCode")).toBeNull();
    expect(addressFieldProblem({ ...home, country: "DE", region: "", postalCode: "10115" }, "region")).toBeNull();
  });
  it("takes an empty phone and refuses a bad one", () => {
    expect(addressFieldProblem(home, "phone")).toBeNull();
    expect(addressFieldProblem({ ...home, phone: "12" }, "phone")).toBe(ADDRESS_MESSAGES.phone);
  });
});

describe("addressErrors", () => {
  it("is empty exactly when addressProblem finds nothing", () => {
    expect(addressErrors(home)).toEqual({});
    expect(addressProblem(home)).toBeNull();
  });
  it("lists every problem at once", () => {
    const blank: Address = { firstName: "", lastName: "", address1: "", city: "", region: "", postalCode: "", country: "US", phone: "" };
    expect(Object.keys(addressErrors(blank)).sort()).toEqual(["address1", "city", "firstName", "lastName", "postalCode", "region"]);
  });
});
