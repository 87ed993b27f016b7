// Types of floor-sql.mjs for the TypeScript test that keeps the floor in step with the schema.
export declare const FLOOR_STATEMENTS: number;
export declare class FloorError extends Error {
  status: number;
}
export type FloorQuery = (text: string, values?: unknown[]) => Promise<{ rows: any[] }>;
export interface FloorOrderInput {
  idempotencyKey: string;
  email: string;
  address: { firstName: string; lastName: string; address1: string; city: string; region: string; postalCode: string; country: string };
  productCode: string;
  quantity: number;
  token: string;
  now?: Date;
}
export declare function placeFloorOrder(
  query: FloorQuery,
  input: FloorOrderInput,
): Promise<{ id: string; number: string; email: string; status: string; currency: string; total: number; lines: unknown[] }>;
