import { addressProblem, type Address, type AddressField } from "../../../domain/address";

/** Values that pass every check for a country, so one field can be checked on its own. */
function passingAddress(country: string): Address {
  const c = country.trim().toUpperCase();
  const postal: Record<string, string> = { US: "10001", CA: "K1A 0B1", GB: "SW1A 1AA", AU: "2000" };
  const region: Record<string, string> = { US: "NY", CA: "ON" };
  return { firstName: "Ada", lastName: "Lovelace", address1: "1 Main Street", city: "Springfield", region: region[c] ?? "", postalCode: postal[c] ?? "12345", country: c, phone: "" };
}

/**
 * The words for one field, from domain/address's addressProblem, which only reports the first problem: the field is
 * checked inside an address that is otherwise fine (with the shopper's country, which decides region and zip rules).
 */
export function addressFieldProblem(address: Address, field: AddressField): string | null {
  const probe: Address = { ...passingAddress(address.country), [field]: address[field] ?? "" };
  const problem = addressProblem(probe);
  return problem?.field === field ? problem.message : null;
}

export const ADDRESS_FIELDS: readonly AddressField[] = ["firstName", "lastName", "address1", "address2", "city", "country", "region", "postalCode", "phone"];

/** Every field's problem at once, for the submit: the shopper sees all of them, not one at a time. */
export function addressErrors(address: Address): Partial<Record<AddressField, string>> {
  const errors: Partial<Record<AddressField, string>> = {};
  for (const field of ADDRESS_FIELDS) {
    const message = addressFieldProblem(address, field);
    if (message) errors[field] = message;
  }
  return errors;
}
