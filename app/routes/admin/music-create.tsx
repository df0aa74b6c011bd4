export default function AdminPage() {
  return <h1>music-create</h1>;
}
