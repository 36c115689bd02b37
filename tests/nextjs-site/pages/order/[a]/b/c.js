import { RoutePage } from "../../../../lib/route-page.js";

export const getServerSideProps = async ({ params }) => ({
  props: { file: "order/[a]/b/c.js", params },
});

export default RoutePage;
