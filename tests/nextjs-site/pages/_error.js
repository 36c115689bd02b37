/** The page for a status with no page of its own. */
function ErrorPage({ statusCode }) {
  return <h1 id="error-page">Fixture error {statusCode ?? "in the browser"}</h1>;
}

ErrorPage.getInitialProps = ({ res, err }) => ({
  statusCode: res ? res.statusCode : err ? err.statusCode : 404,
});

export default ErrorPage;
