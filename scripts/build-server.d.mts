export declare function buildServer(options?: { quiet?: boolean }): void;
