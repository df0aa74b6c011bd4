export default function AdminPage() {
  return <h1>music-list</h1>;
}
