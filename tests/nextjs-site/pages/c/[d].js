import { RoutePage } from "../../lib/route-page.js";

export const getServerSideProps = async ({ params }) => ({
  props: { file: "c/[d].js", params },
});

export default RoutePage;
