// React and React Router pick their development or production build when first
// imported, from NODE_ENV. This server only serves production builds, so that is
// the default, as react-router-serve makes it: the development build of React
// costs about twice the CPU per page. Imported first by main.ts.
process.env.NODE_ENV ??= "production";
