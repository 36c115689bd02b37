import { ReadyValues } from "../../../lib/ready-values.js";

export default function Page() {
  return <ReadyValues name="ready: a dynamic page with no data" />;
}
