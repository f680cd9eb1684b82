/** The day the web app was built, 'YYYY-MM-DD' (UTC), defined by vite.config.ts. */
declare const __BUILD_DATE__: string;
