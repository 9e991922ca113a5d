/** Each pathological shape: its name and a page's text of about `bytes`. */
export declare const SHAPES: Readonly<Record<string, (bytes: number) => string>>;
