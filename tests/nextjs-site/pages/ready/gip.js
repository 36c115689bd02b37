import { ReadyValues } from "../../lib/ready-values.js";

function Page() {
  return <ReadyValues name="ready: getInitialProps" />;
}

Page.getInitialProps = () => ({});

export default Page;
