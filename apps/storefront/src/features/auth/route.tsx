/** Placeholder until the page lands. */
export function Component() {
  return (
    <section className="container">
      <h1>Coming soon</h1>
    </section>
  );
}
