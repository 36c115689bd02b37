/** Marks a message function's argument in lib/app-messages.json (scripts/from-app.mjs). */
export const ARGUMENT = "\u0000";
