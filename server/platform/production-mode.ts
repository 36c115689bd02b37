// React and React Router pick their development or production build when first
// imported, from NODE_ENV. This server only serves production builds, so that
// is what it runs under unless NODE_ENV is `development` (npm run dev): unset,
// as react-router-serve makes it, and any other value too (`test`, which a test
// runner sets, would otherwise give React's development build, about twice the
// CPU per page and its warnings). Imported first by main.ts.
if (process.env.NODE_ENV !== "development") process.env.NODE_ENV = "production";
