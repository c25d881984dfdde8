import { Link } from 'react-router';

/** Where the page sits in the shop: links up to the home page, the current page last and not a link. */
export function Breadcrumbs({ trail }: { trail: Array<{ label: string; to?: string }> }) {
  return (
    <nav aria-label="Breadcrumb" className="breadcrumbs">
      <ol>
        {trail.map((step, i) => (
          <li key={`${step.label}-${step.to ?? ''}`}>
            {step.to && i < trail.length - 1 ? (
              <Link to={step.to}>{step.label}</Link>
            ) : (
              <span aria-current="page">{step.label}</span>
            )}
          </li>
        ))}
      </ol>
    </nav>
  );
}
