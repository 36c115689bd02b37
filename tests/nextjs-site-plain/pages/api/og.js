import { ImageResponse } from "next/og";

// ImageResponse is a Web Response: an API route written for the Edge runtime returns it.
export const config = { runtime: "edge" };

/** An Open Graph card drawn from JSX: `?title=` on a lavender card, 1200 by 630 unless asked. */
export default function handler(request) {
  const { searchParams } = new URL(request.url);
  const width = Number(searchParams.get("w")) || 1200;
  return new ImageResponse(
    <div
      style={{
        width: "100%",
        height: "100%",
        display: "flex",
        alignItems: "center",
        justifyContent: "center",
        fontSize: 96,
        background: "lavender",
      }}
    >
      {searchParams.get("title") ?? "Hello"}
    </div>,
    { width, height: 630 },
  );
}
