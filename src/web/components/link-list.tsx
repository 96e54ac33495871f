import { Link } from "react-router";

/** A list of links to pages of this site, each in its own item; the caller styles the list and the links. */
export function LinkList({ links, className, linkClassName }: { links: readonly { to: string; label: string }[]; className: string; linkClassName: string }) {
  return (
    <ul className={className}>
      {links.map((link) => (
        <li key={link.to}>
          <Link to={link.to} className={linkClassName}>
            {link.label}
          </Link>
        </li>
      ))}
    </ul>
  );
}
