import { ReadyValues } from "../../lib/ready-values.js";

export default function Page() {
  return <ReadyValues name="ready: no data" />;
}
