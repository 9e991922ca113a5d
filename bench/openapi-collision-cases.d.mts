export interface CollisionCase {
  name: string;
  navigation: unknown;
  /** The path the generated pages contest. */
  url: string;
  /** Both specs' `GET /x` carry x-mint.href `same`. */
  href?: boolean;
}
/** The spec files of a case, by root-relative path. */
export declare function SPECS(testCase: CollisionCase): Record<string, string>;
export declare function collisionCases(): CollisionCase[];
