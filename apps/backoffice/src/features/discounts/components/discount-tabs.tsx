import { NavLink } from 'react-router';

/** The two kinds of discount, as tabs over their lists: codes shoppers enter, and discounts that apply by themselves. */
export function DiscountTabs() {
  return (
    <nav className="tabs" aria-label="Kinds of discount">
      <NavLink to="/discounts" end>
        Discount codes
      </NavLink>
      <NavLink to="/discounts/automatic" end>
        Automatic discounts
      </NavLink>
    </nav>
  );
}
