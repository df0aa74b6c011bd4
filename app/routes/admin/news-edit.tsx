export default function AdminPage() {
  return <h1>news-edit</h1>;
}
