/** A page rendered per request, told of the modes as getServerSideProps is. */
export default function PreviewSsr({ mode }) {
  return (
    <main>
      <h1>Per request</h1>
      <pre id="mode">{JSON.stringify(mode)}</pre>
    </main>
  );
}

export function getServerSideProps(context) {
  return {
    props: {
      mode: {
        preview: context.preview ?? null,
        draftMode: context.draftMode ?? null,
        previewData: context.previewData ?? null,
      },
    },
  };
}
