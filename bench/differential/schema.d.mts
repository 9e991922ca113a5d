/** The platform's model of `navigation`, read from its validator's zod schemas (bench/differential/schema.mjs). */
export interface FieldDescriptor {
  type: string;
  optional?: boolean;
  catches?: boolean;
  refined?: boolean;
  forms: Array<{ type: string }>;
  [key: string]: unknown;
}
export interface PlatformElement {
  name: string | undefined;
  nameValues: string[] | undefined;
  fields: Record<string, FieldDescriptor>;
  children: Record<string, string[]>;
  variants: string[][];
  strict: boolean;
}
export interface PlatformModel {
  elements: Record<string, PlatformElement>;
}
export declare function platformModel(validation: unknown): PlatformModel;
export declare function coverageTargets(model: PlatformModel): string[];
export declare function coverageGaps(model: PlatformModel, written: ReadonlySet<string>): string[];
