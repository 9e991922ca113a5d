export declare const PREBUILD: string;
/** Installs @mintlify/prebuild into bench/.prebuild unless it is there (throws when npm install fails); returns the module's URL. */
export declare function ensurePrebuild(): string;
