/**
 * A page rendered once, with one path listed and no fallback: in preview or
 * draft mode it is rendered per request, for any path, told of the mode.
 */
export default function PreviewPage({ slug, mode, rendering }) {
  return (
    <main>
      <h1>Post {slug}</h1>
      <pre id="mode">{JSON.stringify(mode)}</pre>
      <p id="rendering">{rendering}</p>
    </main>
  );
}

export function getStaticPaths() {
  return { paths: [{ params: { slug: "listed" } }], fallback: false };
}

export function getStaticProps(context) {
  return {
    props: {
      slug: context.params.slug,
      mode: {
        preview: context.preview ?? null,
        draftMode: context.draftMode ?? null,
        previewData: context.previewData ?? null,
      },
      // Tells one render from another.
      rendering: Math.random().toString(36).slice(2),
    },
  };
}
