export default function AdminPage() {
  return <h1>category-edit</h1>;
}
