import Frame from "./frame";

/** A page that renders another page's component with children, as real sites do. */
export default function Framed() {
  return (
    <Frame>
      <p id="inside">inside the frame</p>
    </Frame>
  );
}
