/** A page of its own, and the frame another page (framed.js) imports and fills. */
export default function Frame({ children }) {
  return (
    <section id="frame">
      <h1>Framed</h1>
      {children ?? <p>an empty frame</p>}
    </section>
  );
}
