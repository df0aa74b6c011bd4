export default function AdminPage() {
  return <h1>news-create</h1>;
}
