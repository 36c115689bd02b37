import type { GetServerSideProps } from "next";

export const getServerSideProps: GetServerSideProps = async ({ query }) => {
  throw new Error(`boom ${String(query.tag)}`);
};

export default function Boom() {
  return <main>never</main>;
}
