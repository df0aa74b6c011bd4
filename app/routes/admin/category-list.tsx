export default function AdminPage() {
  return <h1>category-list</h1>;
}
