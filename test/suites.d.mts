export declare const CORPUS: string[];
export declare const PACKAGES: string[];
export declare const SLOW: string[];
