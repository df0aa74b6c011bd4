export default function AdminPage() {
  return <h1>activity-list</h1>;
}
