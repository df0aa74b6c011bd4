export default function AdminPage() {
  return <h1>news-list</h1>;
}
