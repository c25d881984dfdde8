import { useLoad } from '../use-load.js';
import { errorCode, wix } from '../wix.js';
import { ProductCard } from './product-card.js';

export function Collection({ slug }: { slug: string }) {
  const loaded = useLoad(slug, async () => {
    try {
      const { collection } = await wix.collections.getCollectionBySlug(slug);
      const list = await wix.products
        .queryProducts()
        .hasSome('collectionIds', [collection?._id ?? ''])
        .limit(24)
        .find();
      return { collection, products: list.items };
    } catch (error) {
      if (errorCode(error)?.includes('NOT_FOUND') || (error as { status?: number }).status === 404) return null;
      throw error;
    }
  });
  if (loaded.state === 'loading') return <p role="status">Loading…</p>;
  if (loaded.state === 'failed') return <p role="alert">{loaded.message}</p>;
  if (!loaded.value) return <h1>No such collection</h1>;
  const { collection, products } = loaded.value;
  return (
    <>
      <h1>{collection?.name}</h1>
      {collection?.description ? <p>{collection.description}</p> : null}
      <p>{products.length === 1 ? '1 product' : `${products.length} products`}</p>
      <ul className="grid">
        {products.map((p) => (
          <ProductCard key={p._id} product={p} />
        ))}
      </ul>
    </>
  );
}
