/** The type of `shared.mjs`, for the tests that read which catalogues i18next-parser keeps. */
export declare const shared: { locales: string[] } & Record<string, unknown>;
