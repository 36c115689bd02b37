import { Shown } from "@/lib/shown.js";

export default function About() {
  return (
    <main>
      <h1>About, in the en folder</h1>
      <Shown />
    </main>
  );
}
