export declare const OFFLINE_CHROMIUM_FLAGS: readonly string[];
