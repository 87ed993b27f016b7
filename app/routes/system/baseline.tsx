/** Deliberately empty: the benchmark compares every page's JavaScript with this one's. */
export const meta = () => [{ title: "Baseline | Seed" }, { name: "robots", content: "noindex" }];

export default function Baseline() {
  return null;
}
