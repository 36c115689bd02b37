import { RoutePage } from "../../../../lib/route-page.js";

export const getServerSideProps = async ({ params }) => ({
  props: { file: "order/c/[d]/[e].js", params },
});

export default RoutePage;
