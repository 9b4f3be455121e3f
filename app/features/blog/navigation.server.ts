/** Blog posts grouped by category for the header's Blog dropdown (root loader). Owned by the blog feature. */
export interface BlogNavGroup {
  category: string;
  posts: { slug: string; title: string }[];
}

export function getBlogNavigation(): BlogNavGroup[] {
  return [];
}
