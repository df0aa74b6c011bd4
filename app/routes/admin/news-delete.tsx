export default function AdminPage() {
  return <h1>news-delete</h1>;
}
