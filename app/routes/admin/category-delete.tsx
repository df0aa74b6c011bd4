export default function AdminPage() {
  return <h1>category-delete</h1>;
}
