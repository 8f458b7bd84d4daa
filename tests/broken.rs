//! Deliberately broken variant and puzzle files in `tests/broken/`: `graphdoku
//! validate` names the file, the place and the mistake, and exits 2; the `warn-*`
//! files are valid but doubtful (exit 0 with warnings), the `ok-*` files valid.
//! Never a panic. The messages are snapshots in `tests/snapshots/`.

use std::path::PathBuf;

use assert_cmd::Command;

#[test]
fn broken_files_give_their_intended_messages() {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    let mut names: Vec<String> = std::fs::read_dir(root.join("tests/broken"))
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    let broken = names
        .iter()
        .filter(|n| !n.starts_with("warn-") && !n.starts_with("ok-"))
        .count();
    assert!(broken >= 15, "only {broken} broken files");
    for name in names {
        let output = Command::cargo_bin("graphdoku")
            .unwrap()
            .current_dir(&root)
            .arg("validate")
            .arg(format!("tests/broken/{name}"))
            .output()
            .unwrap();
        let stdout = String::from_utf8_lossy(&output.stdout);
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert!(!stderr.contains("panicked"), "{name}: {stderr}");
        let code = output.status.code();
        let valid = name.starts_with("warn-") || name.starts_with("ok-");
        assert_eq!(code, Some(if valid { 0 } else { 2 }), "{name}: {stderr}");
        assert_eq!(
            stderr.contains("warning:"),
            name.starts_with("warn-"),
            "{name}: {stderr}"
        );
        insta::assert_snapshot!(
            name.clone(),
            format!("exit {code:?}\n--- stdout\n{stdout}--- stderr\n{stderr}")
        );
    }
}
