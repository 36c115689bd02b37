import { RoutePage } from "../../lib/route-page.js";

export const getServerSideProps = async ({ params }) => ({
  props: { file: "[a]/b.js", params },
});

export default RoutePage;
