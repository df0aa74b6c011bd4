export default function AdminPage() {
  return <h1>category-create</h1>;
}
