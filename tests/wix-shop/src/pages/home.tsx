import { Link } from '../router.js';
import { useLoad } from '../use-load.js';
import { imageSrc, wix } from '../wix.js';
import { ProductCard } from './product-card.js';

export function Home() {
  const loaded = useLoad('home', async () => {
    const [productList, collectionList] = await Promise.all([
      wix.products.queryProducts().limit(12).find(),
      wix.collections.queryCollections().find(),
    ]);
    return {
      products: productList.items,
      // "All products" is the store's own collection of everything: the home page already lists products.
      collections: collectionList.items.filter((c) => c.slug !== 'all-products'),
    };
  });
  if (loaded.state === 'loading') return <p role="status">Loading…</p>;
  if (loaded.state === 'failed') return <p role="alert">{loaded.message}</p>;
  return (
    <>
      <h1>Corner Shop</h1>
      <h2>Collections</h2>
      <ul className="collections">
        {loaded.value.collections.map((c) => (
          <li key={c._id}>
            <Link href={`/collections/${c.slug}`}>
              {c.media?.mainMedia?.image ? (
                <img src={imageSrc(c.media.mainMedia.image)} alt="" width={48} height={48} />
              ) : null}
              {c.name}
            </Link>
          </li>
        ))}
      </ul>
      <h2>Products</h2>
      <ul className="grid">
        {loaded.value.products.map((p) => (
          <ProductCard key={p._id} product={p} />
        ))}
      </ul>
    </>
  );
}
