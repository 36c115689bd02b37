import { useRouter } from "next/router";
import { Layout } from "../../components/Layout.js";
import { messages } from "../../lib/messages.js";

// An optional catch-all: zero segments is the shop's front page, with no parameter at all.
export function getServerSideProps({ params }) {
  return { props: { filters: params.filters ?? [] } };
}

export default function Shop({ filters }) {
  const m = messages(useRouter().locale).shop;
  return (
    <Layout
      pattern="/shop/[[...filters]]"
      params={filters.length > 0 ? { filters } : {}}
      title={m.title}
    >
      <p>{filters.length > 0 ? m.filtered(filters.join(", ")) : m.all}</p>
    </Layout>
  );
}
